function main (asm, 331 bytes)
    00000  jmp 00000000000000A6h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
    00013  mov rdi,rsi
    00016  mov esi,0
    0001c  xorps xmm2,xmm2
    00020  jmp 0000000000000040h
    00025  nop [rax+rax]
    0002e  nop [rax+rax]
    00037  nop [rax+rax]
; line 8: itof
    00040  xorps xmm3,xmm3
    00044  cvtsi2sd xmm3,rsi
; line 9: fadd
    00049  addsd xmm2,xmm3
; line 10: add
    0004e  add rsi,1
; line 11: jlt
    00052  cmp rsi,rdi
    00055  jl 0000000000000040h
; line 12: fprint
    00057  movq rax,xmm2
    0005c  mov rsi,rax
    0005f  mov rcx,6
    00069  mov rdx,1
    00073  mov rdi,r12
    00076  mov rax,ADDR
    00080  push r10
    00082  push r11
    00084  call rax  ; jit_fprint
    00086  pop r11
    00088  pop r10
    0008a  test rdx,rdx
    0008d  jne 000000000000009Eh
; line 13: ret
    00093  mov eax,0
    00099  mov rsp,rbp
    0009c  pop rbp
    0009d  ret
; unwind to the entry from the interpreter
    0009e  mov rsp,[r15+28h]
    000a5  ret
; external entry (from the interpreter)
    000a6  push rbp
    000a7  mov rbp,rsp
    000aa  push rbx
    000ab  push r12
    000ad  push r13
    000af  push r14
    000b1  push r15
    000b3  mov r12,rdi
    000b6  mov r15,ADDR
    000c0  push qword ptr [r15+28h]
    000c7  mov r14,8
    000d1  mov r13,[r15+10h]
    000d8  sub r13,[r15]
    000df  lea rax,[124h]
    000e6  push rax
    000e7  mov [r15+28h],rsp
    000ee  sub rsp,8
    000f2  mov rdx,rsi
    000f5  sub rsp,10h
    000fc  mov rsi,[rdx]
    00103  call 8
    00108  xor edx,edx
    0010a  lea rsp,[rbp-30h]
    00111  pop rcx
    00112  mov [r15+28h],rcx
    00119  pop r15
    0011b  pop r14
    0011d  pop r13
    0011f  pop r12
    00121  pop rbx
    00122  pop rbp
    00123  ret
    00124  lea rbp,[rsp+30h]
    0012c  mov edx,1
    00131  lea rsp,[rbp-30h]
    00138  pop rcx
    00139  mov [r15+28h],rcx
    00140  pop r15
    00142  pop r14
    00144  pop r13
    00146  pop r12
    00148  pop rbx
    00149  pop rbp
    0014a  ret

