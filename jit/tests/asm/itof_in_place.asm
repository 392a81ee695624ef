function main (asm, 323 bytes)
    00000  jmp 000000000000009Ah
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
    0005f  mov ecx,6
    00064  mov edx,1
    00069  mov rdi,[r15+30h]
    0006d  mov rax,ADDR
    00077  push r10
    00079  push r11
    0007b  call rax  ; jit_fprint
    0007d  pop r11
    0007f  pop r10
    00081  test rdx,rdx
    00084  jne 0000000000000095h
; line 13: ret
    0008a  mov eax,0
    00090  mov rsp,rbp
    00093  pop rbp
    00094  ret
; unwind to the entry from the interpreter
    00095  mov rsp,[r15+28h]
    00099  ret
; external entry (from the interpreter)
    0009a  push rbp
    0009b  mov rbp,rsp
    0009e  push rbx
    0009f  push r12
    000a1  push r13
    000a3  push r14
    000a5  push r15
    000a7  mov r15,ADDR
    000b1  mov [r15+30h],rdi
    000b8  push qword ptr [r15+28h]
    000bf  mov r14,8
    000c9  mov r13,[r15+10h]
    000d0  sub r13,[r15]
    000d7  lea rax,[11Ch]
    000de  push rax
    000df  mov [r15+28h],rsp
    000e6  sub rsp,8
    000ea  mov rdx,rsi
    000ed  sub rsp,10h
    000f4  mov rsi,[rdx]
    000fb  call 8
    00100  xor edx,edx
    00102  lea rsp,[rbp-30h]
    00109  pop rcx
    0010a  mov [r15+28h],rcx
    00111  pop r15
    00113  pop r14
    00115  pop r13
    00117  pop r12
    00119  pop rbx
    0011a  pop rbp
    0011b  ret
    0011c  lea rbp,[rsp+30h]
    00124  mov edx,1
    00129  lea rsp,[rbp-30h]
    00130  pop rcx
    00131  mov [r15+28h],rcx
    00138  pop r15
    0013a  pop r14
    0013c  pop r13
    0013e  pop r12
    00140  pop rbx
    00141  pop rbp
    00142  ret

