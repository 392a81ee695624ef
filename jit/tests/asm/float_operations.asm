function main (asm, 245 bytes)
    00000  jmp 0000000000000045h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
    00013  movq xmm2,rsi
    00018  movq xmm3,rdi
; line 4: fadd
    0001d  addsd xmm3,xmm2
; line 5: fmul
    00022  mulsd xmm3,xmm3
; line 6: flt
    00027  ucomisd xmm2,xmm3
    0002c  seta al
    0002f  movzx eax,al
    00032  mov rsi,rax
; line 7: ret
    00035  mov rax,rsi
    00038  mov rsp,rbp
    0003b  pop rbp
    0003c  ret
; unwind to the entry from the interpreter
    0003d  mov rsp,[r15+28h]
    00044  ret
; external entry (from the interpreter)
    00045  push rbp
    00046  mov rbp,rsp
    00049  push rbx
    0004a  push r12
    0004c  push r13
    0004e  push r14
    00050  push r15
    00052  mov r15,ADDR
    0005c  mov [r15+30h],rdi
    00063  push qword ptr [r15+28h]
    0006a  mov r14,8
    00074  mov r13,[r15+10h]
    0007b  sub r13,[r15]
    00082  lea rax,[0CEh]
    00089  push rax
    0008a  mov [r15+28h],rsp
    00091  sub rsp,8
    00095  mov rdx,rsi
    00098  sub rsp,10h
    0009f  mov rsi,[rdx]
    000a6  mov rdi,[rdx+8]
    000ad  call 8
    000b2  xor edx,edx
    000b4  lea rsp,[rbp-30h]
    000bb  pop rcx
    000bc  mov [r15+28h],rcx
    000c3  pop r15
    000c5  pop r14
    000c7  pop r13
    000c9  pop r12
    000cb  pop rbx
    000cc  pop rbp
    000cd  ret
    000ce  lea rbp,[rsp+30h]
    000d6  mov edx,1
    000db  lea rsp,[rbp-30h]
    000e2  pop rcx
    000e3  mov [r15+28h],rcx
    000ea  pop r15
    000ec  pop r14
    000ee  pop r13
    000f0  pop r12
    000f2  pop rbx
    000f3  pop rbp
    000f4  ret

