function main (asm, 339 bytes)
    00000  jmp 00000000000000AAh
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
    00073  mov rdi,[r15+30h]
    0007a  mov rax,ADDR
    00084  push r10
    00086  push r11
    00088  call rax  ; jit_fprint
    0008a  pop r11
    0008c  pop r10
    0008e  test rdx,rdx
    00091  jne 00000000000000A2h
; line 13: ret
    00097  mov eax,0
    0009d  mov rsp,rbp
    000a0  pop rbp
    000a1  ret
; unwind to the entry from the interpreter
    000a2  mov rsp,[r15+28h]
    000a9  ret
; external entry (from the interpreter)
    000aa  push rbp
    000ab  mov rbp,rsp
    000ae  push rbx
    000af  push r12
    000b1  push r13
    000b3  push r14
    000b5  push r15
    000b7  mov r15,ADDR
    000c1  mov [r15+30h],rdi
    000c8  push qword ptr [r15+28h]
    000cf  mov r14,8
    000d9  mov r13,[r15+10h]
    000e0  sub r13,[r15]
    000e7  lea rax,[12Ch]
    000ee  push rax
    000ef  mov [r15+28h],rsp
    000f6  sub rsp,8
    000fa  mov rdx,rsi
    000fd  sub rsp,10h
    00104  mov rsi,[rdx]
    0010b  call 8
    00110  xor edx,edx
    00112  lea rsp,[rbp-30h]
    00119  pop rcx
    0011a  mov [r15+28h],rcx
    00121  pop r15
    00123  pop r14
    00125  pop r13
    00127  pop r12
    00129  pop rbx
    0012a  pop rbp
    0012b  ret
    0012c  lea rbp,[rsp+30h]
    00134  mov edx,1
    00139  lea rsp,[rbp-30h]
    00140  pop rcx
    00141  mov [r15+28h],rcx
    00148  pop r15
    0014a  pop r14
    0014c  pop r13
    0014e  pop r12
    00150  pop rbx
    00151  pop rbp
    00152  ret

