function main (asm, 242 bytes)
    00000  jmp 0000000000000042h
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
    00041  ret
; external entry (from the interpreter)
    00042  push rbp
    00043  mov rbp,rsp
    00046  push rbx
    00047  push r12
    00049  push r13
    0004b  push r14
    0004d  push r15
    0004f  mov r15,ADDR
    00059  mov [r15+30h],rdi
    00060  push qword ptr [r15+28h]
    00067  mov r14,8
    00071  mov r13,[r15+10h]
    00078  sub r13,[r15]
    0007f  lea rax,[0CBh]
    00086  push rax
    00087  mov [r15+28h],rsp
    0008e  sub rsp,8
    00092  mov rdx,rsi
    00095  sub rsp,10h
    0009c  mov rsi,[rdx]
    000a3  mov rdi,[rdx+8]
    000aa  call 8
    000af  xor edx,edx
    000b1  lea rsp,[rbp-30h]
    000b8  pop rcx
    000b9  mov [r15+28h],rcx
    000c0  pop r15
    000c2  pop r14
    000c4  pop r13
    000c6  pop r12
    000c8  pop rbx
    000c9  pop rbp
    000ca  ret
    000cb  lea rbp,[rsp+30h]
    000d3  mov edx,1
    000d8  lea rsp,[rbp-30h]
    000df  pop rcx
    000e0  mov [r15+28h],rcx
    000e7  pop r15
    000e9  pop r14
    000eb  pop r13
    000ed  pop r12
    000ef  pop rbx
    000f0  pop rbp
    000f1  ret

