function main (asm, 241 bytes)
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
    00052  mov r12,rdi
    00055  mov r15,ADDR
    0005f  push qword ptr [r15+28h]
    00066  mov r14,8
    00070  mov r13,[r15+10h]
    00077  sub r13,[r15]
    0007e  lea rax,[0CAh]
    00085  push rax
    00086  mov [r15+28h],rsp
    0008d  sub rsp,8
    00091  mov rdx,rsi
    00094  sub rsp,10h
    0009b  mov rsi,[rdx]
    000a2  mov rdi,[rdx+8]
    000a9  call 8
    000ae  xor edx,edx
    000b0  lea rsp,[rbp-30h]
    000b7  pop rcx
    000b8  mov [r15+28h],rcx
    000bf  pop r15
    000c1  pop r14
    000c3  pop r13
    000c5  pop r12
    000c7  pop rbx
    000c8  pop rbp
    000c9  ret
    000ca  lea rbp,[rsp+30h]
    000d2  mov edx,1
    000d7  lea rsp,[rbp-30h]
    000de  pop rcx
    000df  mov [r15+28h],rcx
    000e6  pop r15
    000e8  pop r14
    000ea  pop r13
    000ec  pop r12
    000ee  pop rbx
    000ef  pop rbp
    000f0  ret

